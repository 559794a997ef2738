export { buildGateway } from './app.ts';
export { type GatewayConfig, loadGatewayConfig } from './config.ts';
export { type Access, type RouteEntry, routeTable, SERVICES, type ServiceName } from './route-table.ts';
