import { File, FileAudio, FileImage, FileText, FileVideo, Folder, FolderOpen } from 'lucide-react';
import type { StorageItem } from './items.ts';

export function ItemIcon({ item, isOpen = false, className = 'size-4' }: { item: StorageItem; isOpen?: boolean; className?: string }) {
  if (item.type === 'FOLDER') return isOpen ? <FolderOpen className={className} aria-hidden /> : <Folder className={className} aria-hidden />;
  const mimetype = item.metadata?.mimetype ?? '';
  if (mimetype.startsWith('image/')) return <FileImage className={className} aria-hidden />;
  if (mimetype.startsWith('audio/')) return <FileAudio className={className} aria-hidden />;
  if (mimetype.startsWith('video/')) return <FileVideo className={className} aria-hidden />;
  if (mimetype.startsWith('text/') || mimetype === 'application/json') return <FileText className={className} aria-hidden />;
  return <File className={className} aria-hidden />;
}
