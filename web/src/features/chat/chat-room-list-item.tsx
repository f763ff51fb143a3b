// A conversation in the sidebar (spec §2): avatar initial, room name, last message cut at 30 characters (or
// 'No messages yet'), its time (clock time under 24 hours, else the date) and the unread count.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import type { Ref } from 'react';
import { ChatRoomListItem_RoomFragmentDoc } from '@/gql/graphql';
import { previewOf } from '@/lib/format';
import { useFormats } from '@/lib/use-formats';
import styles from './chat.module.css';

if (false) {
  gql`
    fragment ChatRoomListItem_room on ChatRoom {
      id
      roomName
      lastMessage
      lastMessageTime
      unreadCount
    }
  `;
}

interface ChatRoomListItemProps {
  room: FragmentType<typeof ChatRoomListItem_RoomFragmentDoc>;
  selected: boolean;
  now: number;
  onSelect(roomId: string): void;
  /** The row's button, for the focus to come back to when a phone returns from the room to the list. */
  ref?: Ref<HTMLButtonElement>;
}

export function ChatRoomListItem({ room, selected, now, onSelect, ref }: ChatRoomListItemProps) {
  const { data, complete } = useFragment({ fragment: ChatRoomListItem_RoomFragmentDoc, from: room });
  const formats = useFormats();
  if (!complete) return null;
  const unread = data.unreadCount > 0;
  return (
    <button
      ref={ref}
      type="button"
      className={styles.room}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(data.id)}
    >
      <span className={styles.avatar} aria-hidden="true">
        {data.roomName.charAt(0).toUpperCase()}
      </span>
      <span className={styles.roomText}>
        <span className={styles.roomName}>{data.roomName}</span>
        <span className={[styles.preview, unread && styles.unreadPreview].filter(Boolean).join(' ')}>
          {previewOf(data.lastMessage)}
        </span>
      </span>
      <span className={styles.roomMeta}>
        {data.lastMessageTime && (
          <time dateTime={data.lastMessageTime}>{formats.chatTime(data.lastMessageTime, now)}</time>
        )}
        {unread && (
          <span className={styles.unread}>
            {data.unreadCount} <span className="visually-hidden">unread</span>
          </span>
        )}
      </span>
    </button>
  );
}
