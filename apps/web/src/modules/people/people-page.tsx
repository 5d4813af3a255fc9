import type { PersonView } from '@copro/domain';
import { RegistryPage } from '../registry/registry-page';
import { useRecords } from '../registry/registry-api';
import { peopleList } from './people-list';
import { PersonForm } from './person-form';
import { PersonPanel } from './person-panel';
import { personInfoRoute } from './routes';

export function PeoplePage() {
  const { personUUID } = personInfoRoute.useParams();
  return (
    <RegistryPage
      ns="people"
      uuid={personUUID}
      records={useRecords<PersonView>('people')}
      list={peopleList}
      card={(person) => <PersonPanel person={person} />}
      createForm={(events) => <PersonForm mode="create" {...events} />}
    />
  );
}
