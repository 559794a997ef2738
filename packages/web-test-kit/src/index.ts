export {
  type ApiRequest,
  answer,
  answerRoutes,
  apiServer,
  json,
  type Responder,
  type Routes,
  requestedPaths,
  requests,
  resetApi,
  unexpected,
} from './api-server.ts';
export { couponCalls, couponOf } from './coupons.ts';
export { CurrentLocation } from './current-location.tsx';
export { catchDownloads, type Download } from './downloads.ts';
export { expectRetryAfterFailure } from './failed-load.ts';
export {
  answerPost,
  cartOf,
  cartRoutes,
  courseCard,
  liveSession,
  questionPost,
  userData,
} from './fixtures.ts';
export { fillIn } from './form-fields.ts';
export { expectFiltered, expectFiltersCleared, expectNextPage } from './paged-list.ts';
export { fakePaymentWindow, type OpenedPaymentWindow, paymentSuccessRoute } from './payment-window.tsx';
export { playable } from './playable-video.ts';
export { createTestStore, type Role, renderRoutes, renderWithProviders, type TestUser } from './render.tsx';
export { rowCells } from './table-rows.ts';
