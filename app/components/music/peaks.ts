/**
 * A song's waveform as bars: for each of `bars` equal stretches of the samples, its loudest sample (0 to 1), scaled
 * so the loudest bar is full height. Samples are the decoded channel (Web Audio's getChannelData).
 */
export function peaksOf(samples: Float32Array, bars: number): number[] {
  if (!samples.length || bars <= 0) return [];
  const size = samples.length / bars;
  const peaks: number[] = [];
  for (let b = 0; b < bars; b++) {
    let peak = 0;
    const end = Math.min(samples.length, Math.floor((b + 1) * size));
    for (let i = Math.floor(b * size); i < end; i++) {
      const v = Math.abs(samples[i]);
      if (v > peak) peak = v;
    }
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((p) => p / loudest) : peaks;
}
