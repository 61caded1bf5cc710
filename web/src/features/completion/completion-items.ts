import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DOCUMENT_LABELS, type CompletionCounts, type CompletionItem } from '@sp/domain';
import { registrationSteps } from '../registration';

/** What the dashboard can show, in the order a family meets it. */
export const completionItems: readonly { item: CompletionItem; label: MessageDescriptor }[] = [
  ...registrationSteps.map((s) => {
    const step = s.label;
    return { item: s.key, label: msg`Step: ${step}` };
  }),
  ...(Object.keys(DOCUMENT_LABELS) as (keyof typeof DOCUMENT_LABELS)[]).map((type) => {
    const documentName = DOCUMENT_LABELS[type];
    return { item: type, label: msg`Document: ${documentName}` };
  }),
  { item: 'terms', label: msg`Terms agreed` },
];

export const itemLabel = (item: CompletionItem): string => {
  const label = completionItems.find((i) => i.item === item)?.label;
  return label ? i18n._(label) : item;
};

/** How many of a group have done `item`. */
export function doneCount(counts: CompletionCounts, item: CompletionItem): number {
  if (item === 'terms') return counts.terms;
  if (item in counts.documents) return counts.documents[item as keyof CompletionCounts['documents']];
  return counts.steps[item as keyof CompletionCounts['steps']];
}
