import * as api from '../../shared/api/invoices';
import { routeOf, type RouteDef } from './types';

/** The dollars of invoice reconciliations (the findings themselves are the comparison's results). */
export const invoicesRoutes: RouteDef[] = [
  routeOf(api.getInvoiceSummary, 'api/invoices/summary'),
  routeOf(api.listCarrierReconciliations, 'api/invoices/carrier-reconciliations'),
];
