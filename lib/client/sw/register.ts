// Registers the service worker (/sw.js, scope /) once per page, after the page has loaded so it
// never competes with the page's own files. Browsers without service workers, and pages that are
// not a secure context (plain http on a name other than localhost), simply go without.
let asked = false;

export function registerServiceWorker() {
  if (asked || !("serviceWorker" in navigator)) return;
  asked = true;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => {
      console.warn("Offline page: the service worker did not register:", err);
    });
  };
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
