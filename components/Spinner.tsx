export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div class="spinner-wrap" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span class="sr-only">{label}</span>
    </div>
  );
}
