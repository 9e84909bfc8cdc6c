/** The fiat module's public surface: the rates route. main.ts builds the rate source itself. */
export { fiatRoutes } from './fiat.routes';
