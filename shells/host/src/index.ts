// The async boundary lets the federation runtime settle the shared modules before React starts.
import('./bootstrap.tsx');
