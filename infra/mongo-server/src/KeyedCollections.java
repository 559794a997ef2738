import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/** The library's memory and H2 backends, with collections that look queries up by key (KeyLookups). */
final class KeyedCollections {
  private KeyedCollections() {}

  static MemoryBackend memoryBackend() {
    return new MemoryBackend() {
      @Override
      public MemoryDatabase openOrCreateDatabase(String databaseName) {
        return new MemoryDatabase(databaseName, getCursorRegistry()) {
          @Override
          protected MemoryCollection openOrCreateCollection(String name, CollectionOptions options) {
            return new KeyedMemoryCollection(this, name, options, cursorRegistry);
          }
        };
      }
    };
  }

  static H2Backend h2Backend(MVStore store) {
    return new H2Backend(store) {
      @Override
      protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return new KeyedH2Database(databaseName, store, getCursorRegistry());
      }

      /**
       * Each command holds on to the store's version it started on: the collections read their maps
       * without a transaction, so a scan that outlasts the store's retention time (a listing of
       * 100,000 compressed courses, while other services write) would otherwise find the chunks
       * of the pages it had yet to read freed and reused ("Chunk N not found").
       */
      @Override
      public Document handleMessage(MongoMessage message) {
        MVStore.TxCounter inUse = store.registerVersionUsage();
        try {
          return super.handleMessage(message);
        } finally {
          store.deregisterVersionUsage(inUse);
        }
      }
    };
  }

  /** Opens collections as the library's H2Database does, as KeyedH2Collection. */
  static final class KeyedH2Database extends H2Database {
    // The library's constructor opens the existing collections, before this class's own fields
    // are set: the store is passed on through a thread-local for that first call.
    private static final ThreadLocal<MVStore> OPENING = new ThreadLocal<>();
    private MVStore store;

    KeyedH2Database(String databaseName, MVStore store, CursorRegistry cursorRegistry) {
      super(databaseName, remember(store), cursorRegistry);
      this.store = store;
      OPENING.remove();
    }

    private static MVStore remember(MVStore store) {
      OPENING.set(store);
      return store;
    }

    @Override
    protected MongoCollection<Object> openOrCreateCollection(String name, CollectionOptions options) {
      MVStore mvStore = store != null ? store : OPENING.get();
      String full = getFullCollectionNamespace(name);
      MVMap<Object, Document> dataMap = mvStore.openMap("databases." + full);
      MVMap<String, Object> metaMap = mvStore.openMap("meta." + full);
      return new KeyedH2Collection(this, name, options, dataMap, metaMap, cursorRegistry);
    }
  }

  static final class KeyedMemoryCollection extends MemoryCollection {
    KeyedMemoryCollection(
        MongoDatabase database, String name, CollectionOptions options, CursorRegistry cursors) {
      super(database, name, options, cursors);
    }

    @Override
    protected QueryResult queryDocuments(
        Document query, Document orderBy, int skip, int limit, int batchSize, Document fields) {
      Iterable<Integer> candidates = KeyLookups.candidates(getIndexes(), query);
      if (candidates == null) {
        KeyLookups.warnOnScan(getDatabaseName() + "." + getCollectionName(), count(), getIndexes(), query);
        return super.queryDocuments(query, orderBy, skip, limit, batchSize, fields);
      }
      return matchDocuments(query, candidates, orderBy, skip, limit, batchSize, fields);
    }
  }

  static final class KeyedH2Collection extends H2Collection {
    KeyedH2Collection(
        MongoDatabase database,
        String name,
        CollectionOptions options,
        MVMap<Object, Document> dataMap,
        MVMap<String, Object> metaMap,
        CursorRegistry cursors) {
      super(database, name, options, dataMap, metaMap, cursors);
    }

    @Override
    protected QueryResult queryDocuments(
        Document query, Document orderBy, int skip, int limit, int batchSize, Document fields) {
      Iterable<Object> candidates = KeyLookups.candidates(getIndexes(), query);
      if (candidates == null) {
        KeyLookups.warnOnScan(getDatabaseName() + "." + getCollectionName(), count(), getIndexes(), query);
        return super.queryDocuments(query, orderBy, skip, limit, batchSize, fields);
      }
      return matchDocuments(query, candidates, orderBy, skip, limit, batchSize, fields);
    }
  }
}
