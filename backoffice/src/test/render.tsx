// Renders a back-office screen inside react-admin's contexts (Dutch messages, an in-memory
// router) with a data provider the test controls.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { vi } from 'vitest';
import { i18nProvider } from '../i18n/index.ts';
import type { BackOfficeDataProvider } from '../providers/dataProvider.ts';

export function fakeDataProvider(records: Record<string, RaRecord[]>, overrides: Partial<BackOfficeDataProvider> = {}) {
  const methods = {
    getList: async (resource: string) => ({ data: records[resource] ?? [], total: (records[resource] ?? []).length }),
    getOne: async (resource: string, { id }: { id: Identifier }) => ({ data: (records[resource] ?? []).find((r) => r.id === id)! }),
    getMany: async (resource: string, { ids }: { ids: Identifier[] }) => ({ data: (records[resource] ?? []).filter((r) => ids.includes(r.id)) }),
    update: async (_resource: string, { id, data, previousData }: { id: Identifier; data: object; previousData: RaRecord }) => ({ data: { ...previousData, ...data, id } }),
  };
  // The generic signatures of DataProvider do not fit plain records; these fakes return RaRecords.
  const base = testDataProvider(methods as unknown as Partial<DataProvider>);
  const custom: BackOfficeDataProvider = {
    ...base,
    reviewArtists: vi.fn(async (ids) => ({ reviewed: ids.map(String), mailed: ids.length, failed: [] })),
    reorderArtists: vi.fn(async (ids) => ids.length),
    transitionBooking: vi.fn(async () => undefined),
    bookingDetails: vi.fn(async () => ({ events: [], payments: [], messages: [] })),
    dashboardStats: vi.fn(),
    uploadNewsCover: vi.fn(),
    ...overrides,
  } as BackOfficeDataProvider;
  vi.spyOn(custom, 'getList');
  vi.spyOn(custom, 'update');
  return custom;
}

export function renderScreen(ui: ReactElement, { resource, dataProvider }: { resource?: string; dataProvider: BackOfficeDataProvider }) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui}
      <Notification />
    </AdminContext>,
  );
}
