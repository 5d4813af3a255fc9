import type { CategoryView } from '@copro/domain';
import { compareText } from '../../ui/compare';
import type { ListSort } from '../../ui/record-browser';

export const categorySorts: ListSort<CategoryView>[] = [
  { key: 'name', labelKey: 'categories.sortName', compare: (a, b) => compareText(a.name, b.name) },
  { key: 'aid', labelKey: 'categories.sortAccount', compare: (a, b) => a.aid - b.aid },
];

export const categoryName = (category: CategoryView): string => category.name;
