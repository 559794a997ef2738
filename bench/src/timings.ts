/** Named durations of a run's stages, in seconds to a tenth, for its results file. */
export function stageTimer() {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      timings[name] = Math.round((performance.now() - at) / 100) / 10;
    }
  };
  return { timings, timed };
}
