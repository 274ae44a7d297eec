// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Waveform } from "./Waveform.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // The file "decodes" to a second of rising samples: the waveform draws without a real decoder.
  vi.stubGlobal("fetch", async () => new Response(new ArrayBuffer(8)));
  vi.stubGlobal(
    "AudioContext",
    class {
      decodeAudioData = async () => ({ getChannelData: () => Float32Array.from({ length: 4800 }, (_, i) => i / 4800) });
      close = async () => {};
    },
  );
});

/** An audio element of a 12-second song whose position moves only when set, with no events fired. */
function song() {
  const audio = document.createElement("audio");
  Object.defineProperty(audio, "duration", { value: 12 });
  let now = 0;
  Object.defineProperty(audio, "currentTime", { get: () => now, set: (t: number) => (now = t) });
  const ref = createRef<HTMLAudioElement | null>() as { current: HTMLAudioElement | null };
  ref.current = audio;
  return { audio, ref };
}

describe("Waveform", () => {
  it("steps five seconds from where the song is, even before the seek's event has redrawn it", async () => {
    const { audio, ref } = song();
    render(<Waveform src="/song.mp3" audio={ref} title="海边的车站" />);
    const wave = await screen.findByRole("slider", { name: "海边的车站 播放进度" });
    expect(wave.querySelectorAll("span")).toHaveLength(120);
    act(() => {
      audio.dispatchEvent(new Event("loadedmetadata"));
    });
    expect(wave.getAttribute("aria-valuemax")).toBe("12");
    // A click moved the song to 6 s; no `seeked` has arrived yet, so the drawn time is still 0.
    audio.currentTime = 6;
    fireEvent.keyDown(wave, { key: "ArrowLeft" });
    expect(audio.currentTime).toBe(1);
    fireEvent.keyDown(wave, { key: "ArrowRight" });
    expect(audio.currentTime).toBe(6);
    // Never past either end.
    audio.currentTime = 10;
    fireEvent.keyDown(wave, { key: "ArrowRight" });
    expect(audio.currentTime).toBe(12);
    audio.currentTime = 2;
    fireEvent.keyDown(wave, { key: "ArrowLeft" });
    expect(audio.currentTime).toBe(0);
  });
});
