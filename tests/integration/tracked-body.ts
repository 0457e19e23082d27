/** A body of `size` bytes sent in 4 KB pieces, which says how far it was read and whether it was cancelled. */
export function trackedBody(size: number) {
  const state = { sent: 0, finished: false, cancelled: false };
  const piece = new Uint8Array(4096).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.sent >= size) {
        state.finished = true;
        controller.close();
        return;
      }
      const bytes = piece.slice(0, Math.min(piece.length, size - state.sent));
      state.sent += bytes.length;
      controller.enqueue(bytes);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}
