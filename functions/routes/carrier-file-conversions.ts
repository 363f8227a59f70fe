import * as api from '../../shared/api/carrier-file-conversions';
import { routeOf, type RouteDef } from './types';

/**
 * Carrier file conversions (the Convert Carrier Files page). Converting streams the whole original
 * through the converter and a workbook writer, and attaching copies the workbook and waits for the
 * comparison's reading of it: both get a longer timeout and more memory.
 */
const heavy = { timeoutSeconds: 300, memoryMb: 3008 };

export const carrierFileConversionsRoutes: RouteDef[] = [
  routeOf(api.listCarrierFileConversions, 'api/carrier-file-conversions/list'),
  routeOf(api.createCarrierFileConversion, 'api/carrier-file-conversions/create'),
  routeOf(api.getCarrierFileConversion, 'api/carrier-file-conversions/get'),
  routeOf(api.convertCarrierFile, 'api/carrier-file-conversions/convert', heavy),
  routeOf(api.previewCarrierFileConversion, 'api/carrier-file-conversions/preview', { memoryMb: 1024 }),
  routeOf(api.downloadCarrierFileConversion, 'api/carrier-file-conversions/download'),
  routeOf(api.useCarrierFileConversion, 'api/carrier-file-conversions/use', heavy),
  routeOf(api.deleteCarrierFileConversion, 'api/carrier-file-conversions/delete'),
];
