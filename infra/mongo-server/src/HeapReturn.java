import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Gives the heap back to the system once the server rests.
 *
 * <p>G1 keeps the heap it grew to under load: written with 10,000 courses, the server held its
 * whole 1 GiB bound at rest although about 200 MiB of it were live. Once no collection has run
 * for {@code restSeconds} (nothing is being asked of it), and some ran since the last return,
 * this runs one full collection, which compacts the heap and releases what leaves more than
 * 30% of it free. It does not run again until the server has worked and
 * rested again: the JVM's own periodic collection would run every interval at rest, 200 ms each.
 */
final class HeapReturn {
  private HeapReturn() {}

  static void start(int restSeconds) {
    List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "heap-return");
              thread.setDaemon(true);
              return thread;
            });
    long checkSeconds = Math.max(1, Math.min(10, restSeconds / 4));
    long[] seen = {collections(collectors)};
    long[] returnedAt = {seen[0]};
    long[] quietSince = {System.nanoTime()};
    timer.scheduleWithFixedDelay(
        () -> {
          long count = collections(collectors);
          if (count != seen[0]) {
            seen[0] = count;
            quietSince[0] = System.nanoTime();
            return;
          }
          boolean rested = System.nanoTime() - quietSince[0] >= TimeUnit.SECONDS.toNanos(restSeconds);
          if (!rested || count == returnedAt[0]) return;
          MemoryUsage before = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
          collectShrinking();
          MemoryUsage after = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
          seen[0] = returnedAt[0] = collections(collectors);
          System.out.println(
              "liveedu-mongo-server at rest: heap returned, committed "
                  + mib(before.getCommitted()) + " -> " + mib(after.getCommitted()) + " MiB, in use "
                  + mib(before.getUsed()) + " -> " + mib(after.getUsed()) + " MiB");
          System.out.flush();
        },
        checkSeconds,
        checkSeconds,
        TimeUnit.SECONDS);
  }

  /**
   * One full collection that gives back what leaves more than 30% of the heap free. The bound is
   * set for this collection only: under load the JVM's default (70%) keeps the heap it needs
   * instead of giving it back after every marking and growing it again.
   */
  private static void collectShrinking() {
    HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    String usual = vm.getVMOption("MaxHeapFreeRatio").getValue();
    vm.setVMOption("MaxHeapFreeRatio", "30");
    try {
      System.gc();
    } finally {
      vm.setVMOption("MaxHeapFreeRatio", usual);
    }
  }

  private static long collections(List<GarbageCollectorMXBean> collectors) {
    long count = 0;
    for (GarbageCollectorMXBean collector : collectors) count += Math.max(0, collector.getCollectionCount());
    return count;
  }

  private static long mib(long bytes) {
    return bytes / (1024 * 1024);
  }
}
