// The page compositor's clock while its page is hidden: Firefox runs a hidden page's own timers
// and requestVideoFrameCallback about once a second, but not a worker's timers, and a worker's
// messages still reach the page at once. The page posts the interval in milliseconds to start
// ticking (0 stops it); each tick is an empty message.
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<number>) => void) | null;
  postMessage(msg: null): void;
};

let timer: ReturnType<typeof setInterval> | undefined;

scope.onmessage = (e) => {
  clearInterval(timer);
  timer = undefined;
  const ms = Number(e.data);
  if (ms > 0) timer = setInterval(() => scope.postMessage(null), ms);
};
