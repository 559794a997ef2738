/**
 * Keys of reads that one remote writes and another shows: a write names the key it makes stale,
 * the page that reads it uses the same key, and neither knows the other.
 */
export const SHARED_KEYS = {
  /** Every category (catalog pages, the tutor's course form). */
  categories: ['catalog', 'categories'],
  /** The catalog's public lists: a course saved or deleted by its tutor changes them. */
  catalog: ['catalog'],
  /** The tutor's own courses. */
  tutorCourses: ['tutor', 'my-courses'],
  /** The learner's favourite courses (the catalog's Add to favourite changes them). */
  favourites: ['learner', 'favourites'],
  /** The courses the learner bought. */
  enrolledCourses: ['learner', 'enrolled-courses'],
  /** The logged-in user's own record (profile frame, settings). */
  userData: ['learner', 'user-data'],
  /**
   * The buyer's cart (the header's count, the course page's Add to cart, the cart page, each
   * coupon's pricing of it under a further key): adding, removing and buying change it.
   */
  cart: ['commerce', 'cart'],
  /**
   * Every list of the user's notifications (the header's menu, the notifications page): a new
   * notification or one marked read changes them.
   */
  notifications: ['notifications'],
  /**
   * How many notifications are unread, as `{unread}`: the header's live stream sets it, and every
   * mark as read answers it.
   */
  notificationsUnread: ['notifications-unread'],
} as const;
