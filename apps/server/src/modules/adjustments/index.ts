/** Balance adjustments' public surface: the finance routes that book and list corrections. */
export { adjustmentsRoutes } from './adjustments.routes';
