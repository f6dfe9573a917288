import {
  Blocks,
  Bot,
  BrainCircuit,
  ClipboardList,
  Clock,
  Code,
  File,
  GitBranch,
  Globe,
  Layers,
  type LucideIcon,
  Mail,
  MemoryStick,
  MessageCircle,
  Shuffle,
  StickyNote,
  Webhook,
  Wrench,
  Zap,
} from 'lucide-react';
import type { IconFamily } from './node-icons.ts';

/**
 * The glyph of each node family without a brand logo (node-icons.ts decides the family): the member
 * canvas and cards draw them as React components, the public template page's static canvas as markup.
 */
export const FAMILY_ICONS: Record<IconFamily, LucideIcon> = {
  trigger: Zap,
  schedule: Clock,
  webhook: Webhook,
  chat: MessageCircle,
  form: ClipboardList,
  code: Code,
  http: Globe,
  'ai-agent': Bot,
  'ai-model': BrainCircuit,
  'ai-tool': Wrench,
  'ai-memory': MemoryStick,
  'ai-data': Layers,
  data: Shuffle,
  flow: GitBranch,
  file: File,
  mail: Mail,
  note: StickyNote,
  app: Blocks,
};
