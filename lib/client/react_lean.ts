// "react" for islands built without preact/compat (PREACT_ONLY_ISLANDS in lib/server/build/assets.ts):
// the hooks, straight from preact/hooks. An island that needs more of React's API than this is
// built with compat instead.
export {
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "preact/hooks";
