export { useBusyAction } from './busy-action.ts';
export { AppProviders, type AppProvidersProps } from './components/app-providers.tsx';
export { Avatar } from './components/avatar.tsx';
export { BILLING_STATE_KEY, BillingStateSelect, useBillingState } from './components/billing-state.tsx';
export { Button, ButtonLink, buttonStyles } from './components/button.tsx';
export { Chart, type ChartSeries } from './components/chart.tsx';
export { Checkbox } from './components/checkbox.tsx';
export { type Choice, ChoiceSelect } from './components/choice-select.tsx';
export { type CouponAnswer, CouponField } from './components/coupon-field.tsx';
export { CouponForm, type CourseOption, type CourseSearch } from './components/coupon-form.tsx';
export { CouponTable } from './components/coupon-table.tsx';
export {
  CourseCard,
  type CourseCardProps,
  CourseGrid,
  courseAverage,
  courseReviewCount,
  FIRST_ROW_OF_CARDS,
} from './components/course-card.tsx';
export { CourseOptions } from './components/course-options.tsx';
export { type Column, DataTable, type TableFilter } from './components/data-table.tsx';
export { DiscountedPrice } from './components/discounted-price.tsx';
export { Field } from './components/field.tsx';
export { ImageDropZone } from './components/image-drop-zone.tsx';
export { LiveClassBadge, LiveStatusBadge, liveStatusKey } from './components/live-class-badge.tsx';
export {
  LiveClassHeading,
  LiveClassTime,
  LiveRoomButton,
  LiveRoomOpens,
} from './components/live-class-parts.tsx';
export { LoadMore, PagedListEnd } from './components/load-more.tsx';
export { Loading, Skeleton, Spinner } from './components/loading.tsx';
export { MarkAllReadButton } from './components/mark-all-read-button.tsx';
export { ConfirmDialog, Modal } from './components/modal.tsx';
export { type NavItem, NavLinkItems } from './components/nav-link-items.tsx';
export {
  formatOrderDate,
  ORDER_HISTORY_FILTERS,
  OrderHistoryTable,
  orderColumns,
  orderHistoryColumns,
  orderRowKey,
} from './components/order-history-table.tsx';
export { PagedCourseGrid } from './components/paged-course-grid.tsx';
export { PagedItemList, PagedListStates } from './components/paged-list-states.tsx';
export { ResourceView } from './components/resource-view.tsx';
export { ResponsiveImage, type ResponsiveImageProps } from './components/responsive-image.tsx';
export { StarRating, StarRatingInput } from './components/stars.tsx';
export { Banner, EmptyState, ErrorState } from './components/states.tsx';
export { TextField } from './components/text-field.tsx';
export { TOAST_DURATION_MS, Toaster, type ToastKind, toast } from './components/toaster.tsx';
export { ToggleButtons } from './components/toggle-buttons.tsx';
export { WholeNumberInput } from './components/whole-number-input.tsx';
export {
  type CouponDraft,
  couponBodyOf,
  couponDiscount,
  couponUses,
  couponWindow,
  emptyCouponDraft,
  localDateTime,
} from './coupons.ts';
export { bareList, flatPanel, type GridColumns, gridList, Page, raisedPanel } from './layout.ts';
export { type LazyPage, lazyPage } from './lazy-page.ts';
export {
  canJoinLive,
  formatLiveTime,
  joinOpensAt,
  LIVE_STATE_WORDS,
  liveRoomPath,
  liveStateAt,
  useNow,
} from './live-classes.ts';
export { useMarkNotificationsRead, useNotificationsApi } from './notifications.ts';
export {
  type CheckoutStep,
  checkOut,
  loadScript,
  openPaymentWindow,
  type PaymentWindowOrder,
} from './payment-window.ts';
export { useStaffCoupons } from './staff-coupons.ts';
export { formatLongDate, formatPrice, formatRupees, isFreePrice, truncate } from './text.ts';
export { GlobalStyle, media, type Theme, theme } from './theme.ts';
export { timeAgo, waitInWords } from './time-ago.ts';
