// A video tile of the live match: label, location and hashtag badges, the timer, a placeholder
// until a stream exists, a loading overlay until it plays, an error overlay on failure. Playback
// (an AbortError retried, a permission-type error silent, a video paused while the page was
// hidden played again) is lib/client/video_playback.ts's.
import { ShieldOverlay, type ShieldTileProps } from "./ShieldOverlay.tsx";
import { isBlurred } from "../../lib/client/shield/policy.ts";
import { useVideoPlayback } from "../../lib/client/video_playback.ts";
import { Icon } from "../Icon.tsx";
import { formatNumber, tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export interface VideoTileProps {
  /** The member's own tile (labelled 'You'), not the partner's ('POV'). */
  local?: boolean;
  stream: MediaStream | null;
  placeholder: string;
  location: string;
  hashtag: string;
  timer: string;
  muted?: boolean;
  /** Mirror horizontally (a front camera). */
  mirrored?: boolean;
  privacyOn?: boolean;
  /**
   * Face blur covers the whole picture (it cannot find faces now): why, said by a badge beside
   * 'Privacy On'.
   */
  blurWhole?: string;
  hidden?: boolean;
  /** Whether the camera is a POV (rear-facing), when known. */
  pov?: boolean | null;
  /** The safety shield over this (the partner's) video, when it has one. */
  shield?: ShieldTileProps;
  /** Called with the <video> element once it exists (the shield checks its frames). */
  onVideo?(video: HTMLVideoElement | null): void;
  /** Called when the stream's first frame is on the element (each new stream). */
  onFrame?(): void;
  /** The partner's device says their camera is off (their video is black): said over it. */
  cameraOff?: boolean;
  /** The partner's device says their microphone is off: an icon on the tile. */
  micOff?: boolean;
  /**
   * The partner's device says they stepped away (their page is hidden and their video does not
   * get through): said over the frozen picture, instead of it.
   */
  away?: boolean;
  /** Why no video can come (the link to the partner failed): said over the tile. */
  failure?: string;
}

export function VideoTile(props: VideoTileProps) {
  const { ref, playing, setPlaying, error } = useVideoPlayback(props.stream, props.onVideo);

  const tag = props.hashtag.replace(/^#/, "");
  const shielded = props.shield !== undefined && isBlurred(props.shield.view);
  const videoClass = ["tile-video", props.mirrored && "mirrored", shielded && "shielded"]
    .filter(Boolean).join(" ");
  return (
    <figure
      class={`tile ${props.local ? "tile-local" : "tile-remote"}`}
      data-pov={props.pov === undefined || props.pov === null ? undefined : String(props.pov)}
      data-shield={props.shield?.view}
    >
      <video
        ref={ref}
        class={videoClass}
        autoPlay
        playsInline
        muted={props.muted}
        hidden={props.hidden}
        onPlaying={() => {
          setPlaying(true);
          props.onFrame?.();
        }}
        onLoadedData={() => props.onFrame?.()}
        aria-label={t(props.local ? "yourCamera" : "partnerPov")}
      />
      {!props.stream && !props.failure && <div class="tile-placeholder">{props.placeholder}</div>}
      {props.failure && <div class="tile-overlay tile-error" role="alert">{props.failure}</div>}
      {props.stream && !playing && !error && !props.failure && (
        <div class="tile-overlay" role="status">
          <span class="spinner" aria-hidden="true" />
          <span class="sr-only">{t("loadingVideo")}</span>
        </div>
      )}
      {error && !props.failure && (
        <div class="tile-overlay tile-error" role="alert">{t("playError")}</div>
      )}
      {props.stream && props.away && !error && !props.failure && (
        <div class="tile-overlay tile-camera-off tile-away" role="status">
          <Icon name="user" size={32} />
          <span>{t("partnerAway")}</span>
        </div>
      )}
      {props.stream && props.cameraOff && !props.away && !error && !props.failure && (
        <div class="tile-overlay tile-camera-off" role="status">
          <Icon name="videoOff" size={32} />
          <span>{t("partnerCameraOff")}</span>
        </div>
      )}
      {props.stream && props.shield && !props.failure && <ShieldOverlay {...props.shield} />}
      <figcaption class="tile-badges">
        <span class="badge tile-label">{props.local ? t("you") : "POV"}</span>
        <span class="badge">{props.location}</span>
        {tag && <span class="badge">{tag}</span>}
        <span class="badge tile-timer">{props.timer}</span>
        {props.privacyOn && <span class="badge badge-accent">{t("privacyOn")}</span>}
        {props.blurWhole && <WholeBlurBadge detail={props.blurWhole} />}
        {props.micOff && (
          <span class="badge badge-muted" role="status">
            <Icon name="micOff" size={14} label={t("partnerMuted")} />
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** Says that the whole picture is blurred; the reason is its title and its accessible name. */
export function WholeBlurBadge({ detail }: { detail: string }) {
  return (
    <span class="badge badge-warn blur-whole" title={detail} aria-label={detail}>
      {t("blur_wholeBadge")}
    </span>
  );
}

/** Whole seconds, two digits at least ('05s' in English). */
export const seconds = (n: number): string =>
  formatNumber(n, {
    style: "unit",
    unit: "second",
    unitDisplay: "narrow",
    minimumIntegerDigits: 2,
  });

export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
