/**
 * The database server's JVM settings. The heap is bounded (`heap`, from LIVEEDU_MONGO_HEAP) and
 * collected by G1, started on a floor of committed and touched memory:
 *
 * - G1 marks the old generation concurrently when its occupancy nears what the committed heap can
 *   hold, so the pages H2's cache promotes and then replaces are reclaimed inside the heap the
 *   server already has. The parallel collector, used before, reclaimed them only when the old
 *   generation of the whole bound was full: the resident set rose for hours towards the bound
 *   while the live heap stayed near 30 MiB (README, Soak).
 * - The floor (`-Xms`, at most the bound) is touched at start (`AlwaysPreTouch`), so the server's
 *   resident set is what it will be under steady load from the first minute, instead of rising
 *   while the young generation and the marking threshold are first reached.
 * - G1 grows the heap when an allocation does not fit or collections take a fifth of the time
 *   (`GCTimeRatio=4`; its default, 1/13 and scaled down on a small heap, was crossed by a short
 *   burst of mixed collections and grew the heap by 300 MiB), not at the end of a marking
 *   (`MinHeapFreeRatio=0`; its default of 40% free, counted with a full young generation, nearly
 *   doubled the heap at the first marking under steady load).
 * - Regions of 4 MiB: H2's and the wire's buffers of half a MiB and more were humongous objects in
 *   1 MiB regions, and each such allocation above the marking threshold forced a collection.
 * - The heap goes back towards the floor once the server rests: the launcher runs one full
 *   collection after a minute without any (infra/mongo-server, HeapReturn) that gives back what
 *   leaves more than 30% of the heap free (`MaxHeapFreeRatio`, lowered for that collection only:
 *   at 30% all the time, G1 may give the heap back after every marking under load and grow it
 *   again). Written with 10,000 courses, the server held its whole 1 GiB bound at rest (1,113 MiB
 *   resident); with this it holds about 500 MiB (docs/performance.md).
 */
export const HEAP_FLOOR_MIB = 256;

export function mongoJavaOptions(heap: string, gcLog: string): string[] {
  const floorMib = Math.min(HEAP_FLOOR_MIB, toMib(heap));
  return [
    // Every collection, its pause and the heap before and after, in two files of at most 10 MiB.
    `-Xlog:gc:file=${gcLog}:time,uptime:filecount=2,filesize=10m`,
    `-Xms${floorMib}m`,
    `-Xmx${heap}`,
    '-XX:+AlwaysPreTouch',
    '-Xss512k',
    '-XX:+UseG1GC',
    '-XX:G1HeapRegionSize=4m',
    '-XX:GCTimeRatio=4',
    '-XX:MinHeapFreeRatio=0',
    '-XX:+ExitOnOutOfMemoryError',
  ];
}

/** `512m`, `2g`, `262144k` in MiB (rounded down, at least 1). */
function toMib(heap: string): number {
  const match = /^(\d+)([kmg])$/i.exec(heap);
  if (!match) throw new Error(`a heap size looks like 512m or 2g, not '${heap}'`);
  const value = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const mib = unit === 'g' ? value * 1024 : unit === 'm' ? value : Math.floor(value / 1024);
  return Math.max(1, mib);
}
