// Every island, by name. The build bundles islands/<Name>.tsx; a unit test keeps this list and
// the folder in step.
import AuthPanel from "../../islands/AuthPanel.tsx";

export const ISLANDS = { AuthPanel } as const;

export type IslandName = keyof typeof ISLANDS;
