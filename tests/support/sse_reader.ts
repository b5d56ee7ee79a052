/** Reads server-sent events from a response body, one frame at a time, for the stream tests. */

/** A server-sent event as the client sees it. */
export interface SseFrame {
  event: string;
  id: string | null;
  data: string;
}

/** A reader of a stream's frames (comments, such as heartbeats, skipped). */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    /** The next frame with an event name; throws when the stream ends first. */
    async next(): Promise<SseFrame> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { event: "", id: null, data: "" };
          for (const line of block.split("\n")) {
            const [field, ...rest] = line.split(": ");
            const value = rest.join(": ");
            if (field === "event") frame.event = value;
            else if (field === "id") frame.id = value;
            else if (field === "data") frame.data = value;
          }
          if (frame.event !== "") return frame;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("The stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** The next frame named `event`, skipping others. */
    async until(event: string): Promise<SseFrame> {
      for (;;) {
        const f = await this.next();
        if (f.event === event) return f;
      }
    },
    cancel: () => reader.cancel(),
  };
}
