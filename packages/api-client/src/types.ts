/** Response and request shapes of the gateway calls, field names exactly as the server speaks them. */

export type Role = 'student' | 'tutor' | 'admin';
export type PageStatus = 'none' | 'in progress' | 'accept' | 'reject';
export type Difficulty = 'beginner' | 'intermediate' | 'advance' | 'all level';

/** What every paged list answers beside its items. */
export interface Paged {
  total: number;
  page: number;
  pages: number;
}

export interface MessageResponse {
  message: string;
}

export interface Category {
  _id: string;
  title: string;
  img: string;
}

export interface CourseCreator {
  _id: string;
  username: string;
}

export interface CourseCard {
  _id: string;
  title: string;
  thumbnail: string;
  price: number;
  difficulity: Difficulty | string;
  category: string;
  reviews: { rating: number }[];
  ratingAverage?: number;
  ratingCount?: number;
  courseCreatedBy: CourseCreator;
}

export interface ReviewUser {
  avatar: string;
  username: string;
}

export interface Review {
  rating: number;
  comment: string;
  user: ReviewUser;
}

export interface VideoItem {
  sectionTitle: string;
  videoTitle: string;
  videoDesc?: string;
  videoLink?: string;
}

export type CourseSection = VideoItem[];

export interface CourseDetails extends Omit<CourseCard, 'reviews'> {
  desc: string;
  benefits: string;
  prerequistes: string;
  /** How many students bought the course. */
  enrolledCount: number;
  /** Only the caller's own id, when the caller bought the course (so the call must carry auth). */
  studentsEnrolled: string[];
  /** The newest reviews; `ratingCount` counts them all. */
  reviews: Review[];
  courseContent: CourseSection[];
}

export interface TutorProfile {
  _id: string;
  username: string;
  avatar: string;
  desc: string;
}

export interface InstructorProfile extends TutorProfile {
  coursesCreated: CourseCard[];
}

export interface UserData {
  _id?: string;
  avatar: string;
  email: string;
  username: string;
  role: Role;
  desc: string;
  stausOfPage: PageStatus;
}

export interface LoginResponse {
  message: string;
  role: Role;
  _id: string;
  token: string;
}

export interface CheckoutBody {
  amount: number;
  paymentTo: string;
  course: string;
  paymentBy: string;
}

export interface CheckoutResponse {
  orderId: string;
  data: { amount: number; id: string };
}

export interface PaymentRecord {
  _id?: string;
  razorpay_order_id?: string;
  razorpay_payment_id?: string;
  courseEnrolled?: { _id: string; title: string };
  amount: number;
  success: boolean;
  createdAt: string;
}

/** A line of the admin's all-payment-history: an order row with its buyer. */
export interface AdminPaymentRecord extends PaymentRecord {
  user?: { _id: string; username: string };
}

export interface Todo {
  _id: string;
  desc: string;
}

export interface BankDetails {
  fullName: string;
  accountNumber: string;
  nameOfBank: string;
  ifsc: string;
}

export interface Withdrawal {
  _id: string;
  user: { _id?: string; username?: string; email?: string; bankDetails?: BankDetails };
  amount: number;
  status: 'Processing' | 'Success';
  date: string;
}

export interface AdminUser {
  _id: string;
  avatar: string;
  username: string;
  email: string;
  role: Role;
}

export interface TutorRequest {
  _id: string;
  user: { _id: string; avatar: string; username: string; email: string; stausOfPage: PageStatus };
  ytLink?: string;
  resume?: string;
}

export interface LearnCourse {
  title: string;
  courseContent: CourseSection[];
}

export type TimePeriod = 'past7days' | 'past28days' | 'today' | 'none';

export interface AppConfig {
  apiBaseUrl: string;
  remotes: Record<string, string>;
  razorpayCheckoutUrl?: string;
}
