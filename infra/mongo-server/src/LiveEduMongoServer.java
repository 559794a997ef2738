import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVStore;

/**
 * The embedded MongoDB-compatible server of `npm start` and the tests: mongo-java-server with
 * its H2 backend (one file, kept between runs) or its memory backend (tests).
 *
 * <p>It reports MongoDB 5.0 (wire version 13): version 7 of the Node.js driver refuses servers
 * below wire version 8, and the library's own 5.0 constant carries 8. The commands the services
 * use behave the same either way.
 *
 * <p>Its collections look a query up by a unique index's key even when the query has further
 * conditions (KeyLookups), which the library alone does only for a query of the key alone.
 *
 * <pre>
 * java -Xmx512m -cp classes:lib/* LiveEduMongoServer --backend h2 --file data.mv --port 27017
 *   --backend  memory | h2            (default memory)
 *   --host     address to listen on   (default 127.0.0.1)
 *   --port     port                   (default 27017)
 *   --file     the H2 data file       (required with h2)
 *   --cache-mb H2 page cache in MiB   (default 64)
 *   --rest-seconds  with h2: give the heap back after this long at rest (default 60; HeapReturn)
 * </pre>
 */
public final class LiveEduMongoServer {
  private static final MongoVersion REPORTED_VERSION =
      new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
          return List.of(5, 0, 0);
        }

        @Override
        public int getWireVersion() {
          return 13;
        }
      };

  private LiveEduMongoServer() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = parse(args);
    String backendName = options.getOrDefault("backend", "memory");
    String host = options.getOrDefault("host", "127.0.0.1");
    int port = Integer.parseInt(options.getOrDefault("port", "27017"));

    MongoBackend backend;
    MVStore store = null;
    switch (backendName) {
      case "memory" -> backend = KeyedCollections.memoryBackend();
      case "h2" -> {
        String file = options.get("file");
        if (file == null || file.isBlank()) throw usage("--backend h2 needs --file");
        Path parent = Path.of(file).toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        int cacheMb = Integer.parseInt(options.getOrDefault("cache-mb", "64"));
        // Pages compressed (LZF): a document is stored in Java's serialised form, whose class
        // descriptors repeat in every entry; 10,000 courses took 722 MiB of file, 128 MiB so.
        store = new MVStore.Builder().fileName(file).cacheSize(cacheMb).compress().open();
        backend = KeyedCollections.h2Backend(store);
      }
      default -> throw usage("unknown backend '" + backendName + "' (memory or h2)");
    }
    backend.version(REPORTED_VERSION);

    MongoServer server = new MongoServer(backend);
    try {
      server.bind(host, port);
    } catch (Exception e) {
      // Netty rethrows the bind failure unchecked. The server's event loops would keep the process alive without a listener; exit instead,
      // so whoever started it sees the failure (and, for a taken port, can try another).
      System.err.println("liveedu-mongo-server could not listen on " + host + ":" + port + ": " + e);
      if (store != null) store.close();
      System.exit(1);
    }
    if (store != null) HeapReturn.start(Integer.parseInt(options.getOrDefault("rest-seconds", "60")));
    System.out.println(
        "liveedu-mongo-server ready on " + host + ":" + port + " (" + backendName
            + (store != null ? ", " + options.get("file") : "") + ")");
    System.out.flush();

    CountDownLatch stopped = new CountDownLatch(1);
    MVStore h2Store = store;
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  // Stop taking requests, then write the H2 file out whole before exiting.
                  server.shutdownNow();
                  if (h2Store != null && !h2Store.isClosed()) h2Store.close();
                  stopped.countDown();
                }));
    stopped.await();
  }

  private static Map<String, String> parse(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--") || i + 1 >= args.length) throw usage("unexpected argument '" + arg + "'");
      options.put(arg.substring(2), args[++i]);
    }
    return options;
  }

  private static IllegalArgumentException usage(String message) {
    return new IllegalArgumentException(
        message
            + "\nusage: LiveEduMongoServer [--backend memory|h2] [--host H] [--port P] [--file F] [--cache-mb N] [--rest-seconds N]");
  }
}
