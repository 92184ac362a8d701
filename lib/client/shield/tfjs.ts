// What nsfwjs imports as "@tensorflow/tfjs", made of the parts the shield uses: tfjs-core and
// tfjs-layers (nsfwjs's MobileNetV2 is a layers model). The build aliases the full package here,
// so the converter, WebGL and data packages are not shipped.
// nsfwjs calls ops as tensor methods (`img.toFloat().div(…)`), which tfjs-core adds only here.
import "@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops.js";
export * from "@tensorflow/tfjs-core";
export { loadLayersModel, model } from "@tensorflow/tfjs-layers";

/** nsfwjs loads graph models only when asked for one; the shield never asks. */
export function loadGraphModel(): never {
  throw new Error("The safety shield ships nsfwjs's layers model only");
}
