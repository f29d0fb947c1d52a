import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_PREFIX } from '../../common/constants.ts';
import { BIRTH_DATE_INCOMPLETE, CHOOSE_ORGANIZATION } from '../../common/messages.ts';
import { stepOneAnswerSchema, stepTwoAnswerSchema } from '../../common/schemas/registration.ts';
import type { MembershipProof } from '../../common/schemas/registration.ts';
import { signedInAnswerSchema } from '../../common/schemas/session.ts';
import type { Actor } from '../auth/actor.ts';
import type { NewSessionMeta } from '../auth/sessions.ts';
import type { ServiceContext } from '../services/context.ts';
import { flowStepOne, flowStepThree, flowStepTwo } from '../services/membership-flow.ts';
import type { MembershipFlow } from '../services/membership-flow.ts';
import { CHECK_MEMBERSHIP_FIELDS, parametersInvalid } from '../services/membership-proof.ts';
import type { SignedIn } from '../services/session.ts';
import { clearFlowCookie, isSecure, setFlowCookie, setSessionCookie } from './cookies.ts';
import { bodyErrors, emptyAnswerSchema } from './forms.ts';
import { sessionMeta } from './session-meta.ts';

/** Step one's fields in the membership form's words (VAL-12..14). */
const MEMBERSHIP_FIELD_WORDING = {
  organization_id: CHOOSE_ORGANIZATION,
  birth_date: BIRTH_DATE_INCOMPLETE,
} as const;

/** What a flow's routes declare: where they live and how its bodies carry each step's input. */
export interface FlowRoutes<
  One extends z.ZodType,
  Two extends z.ZodType,
  Three extends z.ZodType,
  Four extends z.ZodType,
> {
  readonly flow: MembershipFlow;
  /** The steps' common path under the API prefix: `${path}/step_one` .. `step_four`. */
  readonly path: string;
  /** The cookie that holds this browser's flow token; sent only under `path`. */
  readonly cookie: string;
  /** The OpenAPI tag, and the flow's name at the start of each step's summary. */
  readonly tag: string;
  readonly title: string;
  readonly stepOne: { body: One; proof: (body: z.output<One>) => MembershipProof };
  readonly stepTwo: { body: Two; optionKey: (body: z.output<Two>) => string };
  readonly stepThree: { body: Three; code: (body: z.output<Three>) => string };
  readonly stepFour: {
    summary: string;
    body: Four;
    /** The flow's own step four, which ends by signing the member in. */
    finish: (
      ctx: ServiceContext,
      actor: Actor,
      flowToken: string | undefined,
      body: z.output<Four>,
      meta: NewSessionMeta,
    ) => Promise<SignedIn>;
  };
}

/**
 * The four unsigned steps of a membership flow (registration or password reset, AMB-37). The
 * flow's state is on the server; this browser holds its token in the flow's cookie, which step
 * one sets and step four clears when it signs the member in.
 */
export function registerMembershipFlowRoutes<
  One extends z.ZodType,
  Two extends z.ZodType,
  Three extends z.ZodType,
  Four extends z.ZodType,
>(app: FastifyInstance, routes: FlowRoutes<One, Two, Three, Four>): void {
  // Each body below was validated against its step's schema; the casts only name its type,
  // which the type provider cannot work out for a schema that is a type parameter.
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = isSecure(app.services.config.PUBLIC_URL);
  const { flow, path, tag, title } = routes;
  const cookie = { name: routes.cookie, path: `${API_PREFIX}${path}` };

  api.post(
    `${path}/step_one`,
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: `${title} step one: prove membership (organisation, number, birth date)`,
        tags: [tag],
        body: routes.stepOne.body,
        response: { 200: stepOneAnswerSchema },
        refusals: [429],
      },
    },
    async (request, reply) => {
      const errors = bodyErrors(request, MEMBERSHIP_FIELD_WORDING);
      if (errors) throw parametersInvalid(flow, errors, CHECK_MEMBERSHIP_FIELDS);
      const { flowToken, options } = await flowStepOne(
        app.services,
        request.actor,
        flow,
        routes.stepOne.proof(request.body as z.output<One>),
        request.cookies[cookie.name],
        request.ip,
      );
      setFlowCookie(reply, cookie, flowToken, secure);
      return { data: { authentication_options: options } };
    },
  );

  api.post(
    `${path}/step_two`,
    {
      config: { public: true },
      schema: {
        summary: `${title} step two: send a code to the chosen contact on file`,
        tags: [tag],
        body: routes.stepTwo.body,
        response: { 200: stepTwoAnswerSchema },
        refusals: [429, 503],
      },
    },
    async (request) => {
      const { anonymized } = await flowStepTwo(
        app.services,
        request.actor,
        flow,
        request.cookies[cookie.name],
        routes.stepTwo.optionKey(request.body as z.output<Two>),
        request.ip,
      );
      return { data: { selected_authentication_option_anonymized: anonymized } };
    },
  );

  api.post(
    `${path}/step_three`,
    {
      config: { public: true },
      schema: {
        summary: `${title} step three: check the six-digit code`,
        tags: [tag],
        body: routes.stepThree.body,
        response: { 200: emptyAnswerSchema },
      },
    },
    async (request) => {
      await flowStepThree(
        app.services,
        request.actor,
        flow,
        request.cookies[cookie.name],
        routes.stepThree.code(request.body as z.output<Three>),
      );
      return { data: {} };
    },
  );

  api.post(
    `${path}/step_four`,
    {
      config: { public: true },
      schema: {
        summary: routes.stepFour.summary,
        tags: [tag],
        body: routes.stepFour.body,
        response: { 200: signedInAnswerSchema },
      },
    },
    async (request, reply) => {
      const { token, user, app_public_key } = await routes.stepFour.finish(
        app.services,
        request.actor,
        request.cookies[cookie.name],
        request.body as z.output<Four>,
        sessionMeta(request),
      );
      clearFlowCookie(reply, cookie);
      setSessionCookie(reply, token, secure);
      return { data: { user, app_public_key } };
    },
  );
}
