// The charts' eight colours. Each is drawn twice: a see-through fill (bars, pie slices) and the
// same colour solid for its border, so overlapping or neighbouring shapes stay distinguishable.

export const CHART_FILL_ALPHA = 0.3;
export const CHART_BORDER_ALPHA = 1;

/** Red, green, blue of the eight colours, in the order datasets and slices take them. */
export const CHART_COLOURS: readonly (readonly [number, number, number])[] = [
  [54, 162, 235], // blue
  [255, 99, 132], // red
  [75, 192, 192], // teal
  [255, 159, 64], // orange
  [153, 102, 255], // purple
  [255, 205, 86], // yellow
  [46, 125, 50], // green
  [201, 203, 207], // grey
];

export type ColourPair = { fill: string; border: string };

const rgba = ([r, g, b]: readonly [number, number, number], alpha: number) => `rgba(${r}, ${g}, ${b}, ${alpha})`;

/** The colour pair of the nth dataset or slice; past the eighth they start again. */
export function colourPair(index: number): ColourPair {
  const colour = CHART_COLOURS[((Math.floor(index) % CHART_COLOURS.length) + CHART_COLOURS.length) % CHART_COLOURS.length]!;
  return { fill: rgba(colour, CHART_FILL_ALPHA), border: rgba(colour, CHART_BORDER_ALPHA) };
}
