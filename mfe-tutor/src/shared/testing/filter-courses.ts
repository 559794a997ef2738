/** The tutor's two courses, as `/api/v1/get-tutors-courses` answers them to the course filter. */
export const FILTER_COURSES = {
  createdCourses: [
    { _id: 'c1', title: 'Typed JavaScript' },
    { _id: 'c2', title: 'Statistics with Python' },
  ],
};
