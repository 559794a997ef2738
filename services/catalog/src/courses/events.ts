import {
  CATALOG_COURSE_CREATED,
  CATALOG_COURSE_DELETED,
  CATALOG_COURSE_UPDATED,
  type CatalogCourseData,
} from '@liveedu/contracts';
import { newEvent } from '@liveedu/service-kit';
import type { CourseDoc } from './store.ts';

function courseData(course: CourseDoc, thumbnail: string): CatalogCourseData {
  return {
    courseId: course._id.toHexString(),
    title: course.title,
    tutorId: course.tutorId,
    category: course.category,
    pricePaise: course.pricePaise,
    thumbnail,
    createdAt: course.createdAt.toISOString(),
  };
}

export const courseCreated = (course: CourseDoc, thumbnail: string, requestId?: string) =>
  newEvent(CATALOG_COURSE_CREATED, courseData(course, thumbnail), { requestId });

export const courseUpdated = (course: CourseDoc, thumbnail: string, requestId?: string) =>
  newEvent(CATALOG_COURSE_UPDATED, courseData(course, thumbnail), { requestId });

export const courseDeleted = (course: CourseDoc, requestId?: string) =>
  newEvent(
    CATALOG_COURSE_DELETED,
    { courseId: course._id.toHexString(), tutorId: course.tutorId },
    { requestId },
  );
