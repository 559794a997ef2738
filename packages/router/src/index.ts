/**
 * The react-router APIs the LiveEdu front end may use. Every federated app shares this module as
 * its `react-router` singleton (packages/web-build), so one copy of the router, with one set of
 * contexts, serves the host and all the remotes, and the build drops the rest of react-router
 * (server rendering, framework mode, fetchers, forms, sessions, cookies).
 *
 * Apps keep importing from 'react-router'. To use an API not listed here, add it below: the
 * front-end build test fails on an import from 'react-router' this list lacks, because at run
 * time such an import would be undefined.
 */
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '@liveedu/router/upstream';
