// The direct admin page's alerts: a red Error alert and a green Success alert.
export function AdminAlert({ kind, text }: { kind: "error" | "success"; text: string }) {
  return (
    <div
      class={`admin-alert admin-alert-${kind}`}
      role={kind === "error" ? "alert" : "status"}
    >
      <p class="admin-alert-title">{kind === "error" ? "Error" : "Success"}</p>
      <p class="admin-alert-text">{text}</p>
    </div>
  );
}
