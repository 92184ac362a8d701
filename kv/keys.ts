// Typed builders for every Deno KV key Glimpse writes. All KV keys are made here.
export const keys = {
  health: (id: string) => ["health", id] as const,
  meta: (name: string) => ["meta", name] as const,
};
