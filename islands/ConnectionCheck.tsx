import {
  blurResult,
  type ConnectionCheckOptions,
  useConnectionCheck,
} from "../lib/client/connection_check.ts";
import { PartnerView } from "../components/check/PartnerView.tsx";
import { CheckList } from "../components/check/CheckList.tsx";
import { CheckFigures } from "../components/check/CheckFigures.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type live from "../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export type ConnectionCheckProps = ConnectionCheckOptions;

/**
 * /test-chat, "what your partner sees": the member's own video after a full WebRTC round trip
 * on this device (blur included), a microphone level, and checks of the camera, the server and
 * the network (whether a relay is reachable for strict NATs). A shell over the checks
 * (lib/client/connection_check.ts), the partner's view, the list of checks and the figures
 * (components/check/).
 */
export default function ConnectionCheck(props: ConnectionCheckProps) {
  const check = useConnectionCheck(props);
  const { faceBlurEnabled } = props;
  const { blur, figures } = check;
  const blurRow = blurResult(faceBlurEnabled, blur);
  return (
    <div class="stack">
      <PartnerView check={check} faceBlurEnabled={faceBlurEnabled} blurRow={blurRow} />
      <CheckList check={check} blur={blurRow} />
      {figures && blur && <CheckFigures figures={figures} blur={blur} />}
      <button type="button" class="button button-secondary" onClick={check.again}>
        {t("checkAgain")}
      </button>
    </div>
  );
}
