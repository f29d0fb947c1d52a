import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { groupLodgesByCity } from '../../../common/lodge-search.ts';
import {
  ERROR_RETRIEVING_DATA,
  LOADING_LODGES,
  LODGES_WITHOUT_CITY,
  NO_LODGES,
} from '../../../common/messages.ts';
import { useClubsByCity } from '../../api/clubs.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { LodgeList } from '../../components/LodgeList.tsx';

/**
 * Lodges › By City (DIR-09, DIR-10, DIR-12): the lodges under their city headings, the cities
 * and each city's lodges sorted by formal name here whatever order they come in
 * (common/lodge-search.ts groupLodgesByCity), each row opening the lodge's home.
 */
export function LodgesByCityPanel() {
  const query = useClubsByCity();
  const cities = useMemo(() => groupLodgesByCity(query.data ?? []), [query.data]);

  if (query.isPending) return <Loading label={LOADING_LODGES} testId="lodges-loading" />;
  if (query.isError) {
    return (
      <LoadFailed
        title={ERROR_RETRIEVING_DATA}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (cities.length === 0) return <Text size="lg">{NO_LODGES}</Text>;
  return (
    <Stack gap="xl" data-testid="lodges-by-city">
      {cities.map(({ city, lodges }) => (
        <section key={city} aria-label={city || LODGES_WITHOUT_CITY} data-testid="lodge-city">
          <Title order={2} size="h3" mb="xs">
            {city || LODGES_WITHOUT_CITY}
          </Title>
          <LodgeList clubs={lodges} testId="lodge-city-list" showPlace={false} />
        </section>
      ))}
    </Stack>
  );
}
