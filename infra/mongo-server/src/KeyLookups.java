import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.bson.Document;
import java.util.List;

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
