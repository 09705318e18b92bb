import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { openInspectorConnection, type ChannelStatus, type InspectorConnection, type JoinSettings, type SendResult } from './inspector-connection.ts';
import { createMessage, MAX_MESSAGES, prependMessages, type InspectorMessage, type MessageType } from './realtime-messages.ts';

export interface RealtimeInspector {
  /** The channel joined (or being joined), null before joining and after leaving. */
  joined: JoinSettings | null;
  status: ChannelStatus | null;
  /** Newest first. */
  messages: InspectorMessage[];
  isPaused: boolean;
  /** Messages that arrived while paused; they are listed on resume. */
  heldCount: number;
  join: (settings: JoinSettings) => void;
  leave: () => void;
  setPaused: (isPaused: boolean) => void;
  clear: () => void;
  send: (event: string, payload: Record<string, unknown>) => Promise<SendResult>;
}

/**
 * The inspector's one channel and its messages. Messages are gathered and listed once per frame,
 * so a burst of changes renders once; every stale callback of a channel left is ignored; leaving
 * the page leaves the channel and closes the socket.
 */
export function useRealtimeInspector(projectRef: string): RealtimeInspector {
  const [joined, setJoined] = useState<JoinSettings | null>(null);
  const [status, setStatus] = useState<ChannelStatus | null>(null);
  const [messages, setMessages] = useState<InspectorMessage[]>([]);
  const [isPaused, setIsPaused] = useState(false);
  const [heldCount, setHeldCount] = useState(0);
  const connection = useRef<InspectorConnection | null>(null);
  const generation = useRef(0);
  const nextId = useRef(1);
  const incoming = useRef<InspectorMessage[]>([]);
  const held = useRef<InspectorMessage[]>([]);
  const isPausedRef = useRef(false);
  const frame = useRef<number | null>(null);

  const flush = useCallback(() => {
    frame.current = null;
    const batch = incoming.current;
    incoming.current = [];
    if (batch.length > 0) setMessages((current) => prependMessages(current, batch));
  }, []);

  const receive = useCallback(
    (type: MessageType, event: string, payload: unknown) => {
      const message = createMessage(nextId.current++, type, event, payload);
      if (isPausedRef.current) {
        held.current = held.current.length >= MAX_MESSAGES ? [...held.current.slice(1), message] : [...held.current, message];
        setHeldCount(held.current.length);
        return;
      }
      incoming.current.push(message);
      if (frame.current === null) frame.current = requestAnimationFrame(flush);
    },
    [flush],
  );

  const disconnect = useCallback(() => {
    generation.current += 1;
    const current = connection.current;
    connection.current = null;
    if (current) void current.close();
  }, []);

  const join = useCallback(
    (settings: JoinSettings) => {
      disconnect();
      const mine = generation.current;
      setJoined(settings);
      setStatus({ state: 'joining' });
      const isMine = () => generation.current === mine;
      openInspectorConnection(projectRef, settings, {
        onMessage: (type, event, payload) => isMine() && receive(type, event, payload),
        onStatus: (next) => isMine() && setStatus(next),
      }).then(
        (opened) => {
          if (isMine()) connection.current = opened;
          else void opened.close();
        },
        (error: unknown) => isMine() && setStatus({ state: 'error', message: errorMessage(error) }),
      );
    },
    [disconnect, projectRef, receive],
  );

  const leave = useCallback(() => {
    disconnect();
    setJoined(null);
    setStatus(null);
  }, [disconnect]);

  const setPaused = useCallback(
    (next: boolean) => {
      isPausedRef.current = next;
      setIsPaused(next);
      if (!next && held.current.length > 0) {
        incoming.current.push(...held.current);
        held.current = [];
        setHeldCount(0);
        flush();
      }
    },
    [flush],
  );

  const clear = useCallback(() => {
    incoming.current = [];
    held.current = [];
    setHeldCount(0);
    setMessages([]);
  }, []);

  const send = useCallback(async (event: string, payload: Record<string, unknown>): Promise<SendResult> => {
    if (!connection.current) return 'error';
    return connection.current.send(event, payload);
  }, []);

  useEffect(
    () => () => {
      disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [disconnect],
  );

  return { joined, status, messages, isPaused, heldCount, join, leave, setPaused, clear, send };
}
