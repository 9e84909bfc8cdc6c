/**
 * The verification module's public surface: the user's GET /real/state and POST /user/real, and
 * the compliance queue under /admin/verifications. The level it grants lives on the user (accounts
 * module); routes that need it use `policies.verified`, which answers 998 below Lv1.
 */
export { verificationRoutes } from './verification.routes';
export { stateOf as verificationStateOf } from './verification.service';
