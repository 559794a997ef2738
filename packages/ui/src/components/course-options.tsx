/** The options of a select of courses: each course's id the value, its title the text. */
export function CourseOptions({ courses }: { courses: readonly { _id: string; title: string }[] }) {
  return (
    <>
      {courses.map((course) => (
        <option key={course._id} value={course._id}>
          {course.title}
        </option>
      ))}
    </>
  );
}
