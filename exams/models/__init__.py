"""The exam office: sessions, centres, registrations, trainees' records and the audit log.

The rules come from the Règlement Intérieur de la DNA (RIDNA, Livre de l'Arbitre 1.2);
each model and rule cites the article it applies.
"""

from exams.models.audit import AuditEntry
from exams.models.records import (
    AspRecord,
    OfficiatedTournament,
    Qualification,
    QualificationKind,
    Stage,
    StageRecord,
    TechnicalReport,
    Title,
    TitleAward,
    UnitPass,
)
from exams.models.sessions import (
    Centre,
    ConvocationBatch,
    DeliveryMode,
    ExamSession,
    Registration,
    RegistrationStatus,
    SessionStatus,
)

__all__ = [
    "AspRecord",
    "AuditEntry",
    "Centre",
    "ConvocationBatch",
    "DeliveryMode",
    "ExamSession",
    "OfficiatedTournament",
    "Qualification",
    "QualificationKind",
    "Registration",
    "RegistrationStatus",
    "SessionStatus",
    "Stage",
    "StageRecord",
    "TechnicalReport",
    "Title",
    "TitleAward",
    "UnitPass",
]
