// Standalone development entry; the host loads ./app through the federation manifest instead.
import(/* webpackChunkName: "standalone" */ './app/standalone.tsx');
