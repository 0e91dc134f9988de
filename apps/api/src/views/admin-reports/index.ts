// The admin reports feature's public face: its routes (GET /api/admin/reports/ and /api/admin/reports/export/).
export { adminReportRoutes } from './admin-reports.routes.ts'
