// /profile's "Your devices": the browsers signed in to the account, with the device in use marked,
// and signing out any other one, or all the others, at once.
import { useState } from "react";
import { apiRequest, errorMessage, statusOf } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import {
  deviceLabel,
  type DevicesAnswer,
  type DeviceView,
  LAST_SEEN_STEP_MINUTES,
} from "../../lib/shared/devices.ts";
import { formatDateTime, formatRelative, tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

function lastActive(d: DeviceView, now: number): string {
  return now - d.lastSeenAt < LAST_SEEN_STEP_MINUTES * 60_000
    ? t("activeRecently", { minutes: LAST_SEEN_STEP_MINUTES })
    : t("lastActive", { when: formatRelative(d.lastSeenAt, now) });
}

function DeviceRow(
  { device, busy, onSignOut }: {
    device: DeviceView;
    busy: boolean;
    onSignOut: (d: DeviceView) => void;
  },
) {
  const label = deviceLabel(device);
  const now = Date.now();
  const meta = [
    device.city ? t("deviceNear", { city: device.city }) : null,
    lastActive(device, now),
    t("signedInAt", { date: formatDateTime(device.signedInAt) }),
  ].filter(Boolean).join(" · ");
  return (
    <li class="device" data-device={device.current ? "current" : "other"}>
      <div class="device-text">
        <p class="device-name">
          {label}
          {device.current && <span class="badge badge-accent">{t("thisDevice")}</span>}
        </p>
        <p class="muted device-meta">{meta}</p>
      </div>
      {!device.current && (
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={t("signOutDeviceLabel", { device: label })}
          disabled={busy}
          onClick={() => onSignOut(device)}
        >
          {t("signOutDevice")}
        </button>
      )}
    </li>
  );
}

export function Devices({ initial }: { initial: DeviceView[] }) {
  const [devices, setDevices] = useState(initial);
  const [busy, setBusy] = useState(false);
  const others = devices.filter((d) => !d.current).length;

  async function act(request: () => Promise<DevicesAnswer>, done: string) {
    setBusy(true);
    try {
      setDevices((await request()).devices);
      toast({ title: done, variant: "success" });
    } catch (err) {
      toast({ title: errorMessage(err, t("devicesFailed")), variant: "destructive" });
      // Signed out elsewhere meanwhile: the list shows what is signed in now.
      if (statusOf(err) === 404) {
        setDevices((await apiRequest<DevicesAnswer>("GET", "/api/devices")).devices);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="card" id="devices">
      <h2 class="card-title">{t("devicesTitle")}</h2>
      <p class="muted">{t("devicesNote")}</p>
      <ul class="device-list">
        {devices.map((d) => (
          <DeviceRow
            key={d.id}
            device={d}
            busy={busy}
            onSignOut={(d) =>
              act(
                () => apiRequest("DELETE", `/api/devices/${encodeURIComponent(d.id)}`),
                t("deviceSignedOut"),
              )}
          />
        ))}
      </ul>
      {others > 0
        ? (
          <button
            type="button"
            class="button button-secondary"
            disabled={busy}
            onClick={() =>
              act(() => apiRequest("POST", "/api/devices/sign-out-others"), t("othersSignedOut"))}
          >
            {busy ? t("signingOut") : t("signOutOthers")}
          </button>
        )
        : <p class="muted">{t("noOtherDevices")}</p>}
    </div>
  );
}
