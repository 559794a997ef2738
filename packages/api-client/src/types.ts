/**
 * Response and request shapes of the gateway calls, taken from the OpenAPI document the gateway
 * gathers from the services' own route schemas (`generated/api.ts`, written by
 * `npm run generate:api-types`). Nothing here restates a field: a name below is only a handle on
 * a part of that document.
 */
import type { paths } from './generated/api.ts';

export type { paths } from './generated/api.ts';

export type ApiPath = keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

type Operation<P extends ApiPath, M extends ApiMethod> = NonNullable<paths[P][M]>;
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessCode = 200 | 201 | 204;

/** What a call answers when it succeeds, as its service's response schema declares it. */
export type ResponseOf<P extends ApiPath, M extends ApiMethod> =
  Operation<P, M> extends { responses: infer R } ? Json<R[Extract<keyof R, SuccessCode>]> : never;

/** The JSON body a call takes, as its service's body schema declares it. */
export type BodyOf<P extends ApiPath, M extends ApiMethod> =
  Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

/** The query string a call takes. */
export type QueryOf<P extends ApiPath, M extends ApiMethod> = NonNullable<
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never
>;

/** What every paged list answers beside its items. */
export type Paged = Pick<ResponseOf<'/api/v1/courses', 'get'>, 'total' | 'page' | 'pages'>;
export type MessageResponse = ResponseOf<'/api/v1/user-signUp', 'post'>;

export type Category = ResponseOf<'/api/v1/get-all-category', 'get'>['data'][number];
export type CourseCard = ResponseOf<'/api/v1/courses', 'get'>['courses'][number];
/** How many courses of a list each filter choice would show. */
export type ListFacets = ResponseOf<'/api/v1/courses', 'get'>['facets'];
/** A list's order and filters, as the lists and the search take them. */
export type BrowseQuery = Omit<QueryOf<'/api/v1/search/{query}', 'get'>, 'page' | 'limit' | 'level'> & {
  level?: string[];
};
export type CourseCreator = CourseCard['courseCreatedBy'];
export type Review = ResponseOf<'/api/v1/get-top4-reviews', 'get'>['reviews'][number];
export type ReviewUser = Review['user'];
export type CourseDetails = ResponseOf<'/api/v1/get-course-details/{id}', 'get'>;
/** A page of a course's reviews, with how many reviews give each number of stars. */
export type CourseReviews = ResponseOf<'/api/v1/get-course-reviews/{id}', 'get'>;
export type CourseReview = CourseReviews['reviews'][number];
/** A tutor's own course as the update form reads it: its videos' descriptions and links included. */
export type CourseForUpdate = ResponseOf<'/api/v1/get-course-details-to-updateByTutor/{id}', 'get'>;
export type LearnCourse = ResponseOf<'/api/v1/learn-course/{courseId}/user/{userId}', 'get'>;
/** A section with its videos' descriptions and links, as the player and the course editor see it. */
export type CourseSection = LearnCourse['courseContent'][number];
export type VideoItem = CourseSection[number];
/** What a tutor writes for an item on the course form (the service gives it its ids). */
export type VideoFields = Pick<VideoItem, 'sectionTitle' | 'videoTitle' | 'videoDesc' | 'videoLink'>;
export type TutorProfile = ResponseOf<'/api/v1/search/{query}', 'get'>['tutor'][number];
export type InstructorProfile = ResponseOf<'/api/v1/viewUser/{username}', 'get'>['user'];

export type UserData = ResponseOf<'/api/v1/getUserData', 'get'>;
export type LoginResponse = ResponseOf<'/api/v1/login', 'post'>;
export type Role = UserData['role'];
export type PageStatus = UserData['stausOfPage'];
export type AdminUser = ResponseOf<'/api/v1/all-users', 'get'>['allUsers'][number];
export type TutorRequest = ResponseOf<'/api/v1/getTutorRequests', 'get'>['data'][number];

export type CheckoutBody = BodyOf<'/api/v1/checkout', 'post'>;
export type CheckoutResponse = ResponseOf<'/api/v1/checkout', 'post'>;
export type PaymentRecord = ResponseOf<'/api/v1/order-history', 'get'>['data'][number];
/** A line of the admin's all-payment-history: an order row with its buyer. */
export type AdminPaymentRecord = ResponseOf<'/api/v1/all-payment-history', 'get'>['data'][number];
export type TimePeriod = NonNullable<QueryOf<'/api/v1/payment-history-time', 'get'>['timePeriod']>;

export type Todo = ResponseOf<'/api2/v1/getAll-todos', 'get'>['data'][number];

/** A withdrawal in the tutor's own list. */
export type Withdrawal = ResponseOf<'/api/v1/user-withdrawals', 'get'>['withdrawals'][number];
/** A withdrawal in the admin's list, with its tutor and where to pay. */
export type WithdrawalRequest = ResponseOf<'/api/v1/withdrawl-history', 'get'>['withdrawls'][number];
/** Bank details as the service keeps and answers them (the form may send the account number as a number). */
export type BankDetails = WithdrawalRequest['user']['bankDetails'];

export type VideoView = ResponseOf<'/api/v1/videos/{videoId}', 'get'>;
export type VideoStatus = VideoView['status'];
export type Playback = ResponseOf<'/api/v1/videos/{videoId}/playback', 'get'>;
export type WatchReport = BodyOf<'/api/v1/progress/{courseId}/{itemId}', 'put'>;
export type CourseProgress = ResponseOf<'/api/v1/progress/{courseId}', 'get'>;
export type CertificateSummary = ResponseOf<'/api/v1/certificates', 'get'>[number];
export type Certificate = ResponseOf<'/api/v1/certificates/{certificateId}', 'get'>;
export type CourseAnalytics = ResponseOf<'/api/v1/course-analytics/{courseId}', 'get'>;

/** A quiz as a learner answers it: questions without their answers, and the learner's attempts. */
export type LearnerQuiz = ResponseOf<'/api/v1/quiz/{courseId}/{itemId}', 'get'>;
export type QuizQuestion = LearnerQuiz['questions'][number];
export type QuizAnswer = BodyOf<'/api/v1/quiz/{courseId}/{itemId}/attempts', 'post'>['answers'][number];
export type QuizAttemptResult = ResponseOf<'/api/v1/quiz/{courseId}/{itemId}/attempts', 'post'>;
export type Assignment = ResponseOf<'/api/v1/assignments/{courseId}/{itemId}', 'get'>;
export type Submission = ResponseOf<'/api/v1/assignments/{courseId}/{itemId}/submissions', 'post'>;
export type Note = ResponseOf<'/api/v1/notes', 'post'>;
