// Scenario (f): the 20-field response schema of scenario (b) written in Zod 4, as a framework user
// would. Every field is optional, as in (b)'s JSON Schema (which lists no `required`), so both
// convert to the same JSON Schema and the serializer does the same work.
import { z } from 'zod'

const str = z.string()
const int = z.number().int()
const bool = z.boolean()

export const zodUserResponse = z
  .object({
    id: int,
    username: str,
    email: str,
    firstName: str,
    lastName: str,
    age: int,
    active: bool,
    role: str,
    score: z.number(),
    createdAt: str,
    updatedAt: str,
    website: str,
    bio: str,
    country: str,
    city: str,
    followers: int,
    following: int,
    verified: bool,
    tags: z.array(str),
    lastLoginIp: str,
  })
  .partial()
