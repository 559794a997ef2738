import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.bson.Document;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets a query that names a unique index's fields by value use that index even when it has
 * further conditions.
 *
 * <p>mongo-java-server uses an index only for a query whose fields are exactly the index's
 * ({@code AbstractUniqueIndex.canHandle}); any other query scans the collection. The services'
 * guarded single-document updates ({@code {_id: x, count: {$gte: 10}}}, {@code {_id: x, ids:
 * {$ne: y}}}) and lookups with a flag ({@code {_id: x, listed: true}}) all have such extra
 * conditions, so at 100k courses each took a scan of the collection. Top-level fields of a query
 * are a conjunction: the documents the index finds for its own fields, filtered by the whole
 * query (which {@code matchDocuments} does), are exactly the query's answer. Every index here is
 * unique (the library ignores others), so the candidates are one document per key.
 */
final class KeyLookups {
  private KeyLookups() {}

  private static final Logger LOG = LoggerFactory.getLogger("liveedu-mongo-server");
  /** A collection this large is worth a warning when a query reads all of it. */
  static final int SCAN_WARNING_DOCUMENTS = 10_000;
  private static final long SCAN_WARNING_EVERY_MS = 60_000;
  private static final Map<String, Long> lastWarned = new ConcurrentHashMap<>();

  /**
   * Warns (once a minute per collection and query shape) that a query on a large collection is
   * answered by reading every document: no unique index has exactly its fields, so the library
   * scans, holding the collection while it does. Only the query's field names are written, never
   * its values.
   */
  static <P> void warnOnScan(String collection, int documents, List<Index<P>> indexes, Document query) {
    // An empty query reads everything on purpose (a read model built at start, a migration).
    if (documents < SCAN_WARNING_DOCUMENTS || query.isEmpty()) return;
    for (Index<P> index : indexes) {
      if (index.canHandle(query)) return;
    }
    String shape = collection + " " + query.keySet();
    long now = System.currentTimeMillis();
    Long last = lastWarned.get(shape);
    if (last != null && now - last < SCAN_WARNING_EVERY_MS) return;
    lastWarned.put(shape, now);
    LOG.warn("a query on {} fields {} reads all {} documents: no unique index has exactly these fields",
        collection, query.keySet(), documents);
  }

  /**
   * The candidate positions for {@code query} from the first index whose fields it names and
   * that can look them up; null when none can (the caller then does what the library does).
   */
  static <P> Iterable<P> candidates(List<Index<P>> indexes, Document query) {
    if (query.size() < 2) return null;
    for (Index<P> index : indexes) {
      Document part = new Document();
      for (IndexKey key : index.getKeys()) {
        if (!query.containsKey(key.getKey())) {
          part = null;
          break;
        }
        part.put(key.getKey(), query.get(key.getKey()));
      }
      if (part != null && part.size() < query.size() && index.canHandle(part)) {
        return index.getPositions(part);
      }
    }
    return null;
  }
}
