/**
 * The @reduxjs/toolkit APIs the LiveEdu front end may use. Every federated app shares this module
 * as its `@reduxjs/toolkit` singleton (packages/web-build); the build drops the rest of the
 * toolkit (listener and dynamic middleware, entity adapters, combineSlices, auto-batching).
 *
 * Apps keep importing from '@reduxjs/toolkit'. To use an API not listed here, add it below: the
 * front-end build test fails on an import this list lacks, because at run time it would be
 * undefined.
 */
export {
  combineReducers,
  configureStore,
  createAction,
  createAsyncThunk,
  createReducer,
  createSelector,
  createSlice,
  isAnyOf,
  isFulfilled,
  isPending,
  isRejected,
  isRejectedWithValue,
  nanoid,
} from '@liveedu/redux-toolkit/upstream';
