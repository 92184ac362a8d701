// Pages for signed-in members: their sub-app is mounted behind requireUser, which sends a guest
// to /auth (303) before any page code runs. / is the Discover screen for a member and the welcome screen
// for a guest; /live-match is open to guests (it says there is no live session).
import { activeHold } from "../../lib/shared/moderation/holds.ts";
import { appealState } from "../../lib/server/moderation/appeals.ts";
import { HD_TIERS, mediaProfileFor, POPULAR_HASHTAGS } from "../../lib/shared/constants.ts";
import { Hono } from "hono";
import { type AppDeps, type AppEnv, membersOnly } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/server/render/island.tsx";
import { toPublicUser } from "../../lib/shared/auth/types.ts";
import { publicToken } from "../../lib/server/auth/session.ts";
import { getFilters, getFiltersAndUsage } from "../../kv/filters.ts";
import { sessionsLeft } from "../../lib/shared/plans.ts";
import { regionSummaries } from "../../lib/server/geo/private_location.ts";
import { setFlash } from "../../lib/server/http/flash.ts";
import { readLimit } from "../../lib/server/http/rate_limit.ts";
import { Discover } from "../../components/Discover.tsx";
import { HashtagsPage, MapPage } from "../../components/DiscoverPages.tsx";
import { worldMap } from "../../lib/server/geo/world_map.ts";
import { WelcomeScreen } from "../../components/WelcomeScreen.tsx";
import { FiltersScreen, ProfileScreen } from "../../components/profile/Pages.tsx";
import { iceServersFor, ipRelayOf } from "../../lib/server/realtime/ice.ts";
import { hidesIpAddress } from "../../lib/shared/profile.ts";
import { listPasskeys } from "../../kv/passkeys.ts";
import { toPasskeyView } from "../../lib/server/auth/passkeys.ts";
import { listDevices } from "../../lib/server/auth/devices.ts";
import type { SessionUser } from "../../lib/shared/auth/types.ts";
import type { LiveSessionProps } from "../../islands/LiveSession.tsx";
import { CannotCall } from "../../components/live/CannotCall.tsx";
import { CameraPage, CheckPage, NoLiveSession } from "../../components/live/LivePages.tsx";
import { cannotCallText, parseNeeds } from "../../lib/shared/cannot_call.ts";
import { said } from "../../lib/shared/i18n/said.ts";

/**
 * The member's pages, and the three that guests may open too (/ is the welcome screen for a
 * guest, /live-match says there is no session, /cannot-go-live needs no account).
 */
export function memberPages(deps: AppDeps) {
  const open = new Hono<AppEnv>();
  const app = membersOnly();

  open.get("/", async (c) => {
    const user = c.get("user");
    if (!user) {
      return page(c, deps, {
        title: said("home.titleWelcome"),
        body: <WelcomeScreen />,
        sameForEveryGuest: true,
      });
    }
    const { filters, used } = await getFiltersAndUsage(deps.kv, user.id);
    const left = sessionsLeft(user.tier, used);
    return page(c, deps, {
      title: said("home.titleDiscover"),
      // Everything the page shows of the member: the same bytes again while none of it changes.
      sameFor: JSON.stringify([user.username, left, filters]),
      body: (
        <Discover
          filters={filters}
          username={user.username}
          sessionsLeft={left}
          hashtags={
            <Island
              name="HomeHashtags"
              props={{ hashtags: filters.hashtags, popular: [...POPULAR_HASHTAGS] }}
            />
          }
        />
      ),
    });
  });

  app.get("/profile", async (c) => {
    const { userRecord: record, session } = c.var;
    const devices = await listDevices(deps.kv, record.id, session.sid);
    const passkeys = (await listPasskeys(deps.kv, record.id)).map(toPasskeyView);
    // A member on a safety hold is told so here, with their one appeal of it.
    const appeal = activeHold(record)
      ? await appealState(deps.kv, undefined, Date.now(), record)
      : null;
    return page(c, deps, {
      title: said("common.profile"),
      back: "/",
      body: (
        <ProfileScreen>
          <Island
            name="ProfilePage"
            props={{
              user: toPublicUser(record, publicToken(session)),
              ipRelay: ipRelayOf(deps.config.ice),
              devices,
              passkeys: {
                passkeys,
                hasPassword: Boolean(record.passwordHash),
                emailVerified: record.emailVerified,
              },
              appeal,
            }}
          />
        </ProfileScreen>
      ),
    });
  });

  app.get("/filters", async (c) => {
    const filters = await getFilters(deps.kv, c.var.user.id);
    return page(c, deps, {
      title: said("profile.filtersTitle"),
      back: "/",
      body: (
        <FiltersScreen>
          <Island name="FiltersEditor" props={{ filters }} />
        </FiltersScreen>
      ),
    });
  });

  app.get("/hashtags", async (c) => {
    const filters = await getFilters(deps.kv, c.var.user.id);
    return page(c, deps, {
      title: said("home.titleHashtags"),
      back: "/",
      body: (
        <HashtagsPage>
          <Island name="HashtagBrowser" props={{ selected: filters.hashtags }} />
        </HashtagsPage>
      ),
    });
  });

  app.get("/map-discovery", readLimit(deps.kv, deps.config.rateLimits), async (c) => {
    const [filters, regions] = await Promise.all([
      getFilters(deps.kv, c.var.user.id),
      regionSummaries(deps.kv),
    ]);
    const map = worldMap();
    return page(c, deps, {
      title: said("home.titleMap"),
      back: "/",
      body: (
        <MapPage paths={map.paths}>
          <Island
            name="MapDiscovery"
            props={{ regions, myHashtags: filters.hashtags, viewBox: map.viewBox }}
          />
        </MapPage>
      ),
    });
  });

  /** The live session island's props for the member. */
  const liveProps = (mode: LiveSessionProps["mode"], user: SessionUser): LiveSessionProps => ({
    mode,
    me: {
      location: user.location,
      faceBlurEnabled: user.faceBlurEnabled,
      safetyShieldEnabled: user.safetyShieldEnabled,
      email: user.email,
      emailVerified: user.emailVerified,
    },
    blurAssets: deps.assets.privacy,
    shieldAssets: deps.assets.shield,
    media: mediaProfileFor(HD_TIERS.includes(user.tier)),
  });

  // Searching. Going live needs a verified email address: an unverified member gets the live
  // start screen's reason and Resend in place of a search (the island opens no socket and no
  // camera for them; the server refuses their search too). A verified member without a location
  // is sent to the profile to add one first.
  app.get("/connecting", (c) => {
    const user = c.var.user;
    if (!user.emailVerified) {
      return page(c, deps, {
        title: said("live.verifyTitle"),
        back: "/",
        // The screen itself is the verification notice; the banner would say it twice.
        banner: null,
        body: <Island name="LiveSession" props={liveProps("connecting", user)} />,
      });
    }
    if (!user.location.trim()) {
      setFlash(c, {
        kind: "failure",
        title: said("live.rt_location_required"),
        description: said("live.addLocation"),
      });
      return c.redirect("/profile", 303);
    }
    return page(c, deps, {
      title: said("live.connecting"),
      bare: true,
      body: <Island name="LiveSession" props={liveProps("connecting", user)} />,
    });
  });

  // /live-match is open to guests; a member rejoins the match of their tab.
  open.get("/live-match", (c) => {
    const user = c.var.user;
    if (!user) {
      return page(c, deps, {
        title: said("live.liveMatch"),
        body: <NoLiveSession />,
        sameForEveryGuest: true,
      });
    }
    return page(c, deps, {
      title: said("live.liveMatch"),
      bare: true,
      body: <Island name="LiveSession" props={liveProps("live", user)} />,
    });
  });

  // A browser that cannot make a call (the live page checks before anything starts and comes
  // here): what is missing, what to use instead, and the way back. Open to guests, no script.
  open.get("/cannot-go-live", (c) => {
    const missing = parseNeeds(c.req.query("missing"));
    if (!missing.length) return c.redirect("/", 303);
    return page(c, deps, {
      title: cannotCallText(missing).title,
      back: "/",
      body: <CannotCall missing={missing} />,
    });
  });

  app.get("/camera", (c) =>
    page(c, deps, {
      title: said("live.recordTitle"),
      back: "/",
      body: (
        <CameraPage>
          <Island
            name="ClipRecorder"
            props={{
              maxSeconds: 30,
              faceBlurEnabled: c.var.user.faceBlurEnabled,
              blurAssets: deps.assets.privacy,
            }}
          />
        </CameraPage>
      ),
    }));

  // /test-chat shows what a partner would see (the member's video after a WebRTC round trip on
  // the device, blur included) and checks camera, microphone, server and network.
  app.get("/test-chat", async (c) => {
    const user = c.var.user;
    const iceServers = await iceServersFor(deps.config, user.id);
    return page(c, deps, {
      title: said("live.checkTitle"),
      back: "/",
      body: (
        <CheckPage>
          <Island
            name="ConnectionCheck"
            props={{
              faceBlurEnabled: user.faceBlurEnabled,
              blurAssets: deps.assets.privacy,
              iceServers,
              iceTransportPolicy: deps.config.ice.transportPolicy,
              hidesIpAddress: hidesIpAddress(
                c.var.userRecord.hideIpAddress,
                ipRelayOf(deps.config.ice),
              ),
            }}
          />
        </CheckPage>
      ),
    });
  });

  app.get("/match-end", (c) =>
    page(c, deps, {
      title: said("live.sessionSummary"),
      body: (
        <div class="narrow">
          <Island name="MatchEnd" props={{}} />
        </div>
      ),
    }));

  return [open, app];
}
